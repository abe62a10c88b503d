import type { RunningStack } from '@nightfall/testing';

/**
 * The sum of a metric's samples in a service's `/metrics` text, over the samples whose label text contains `labels`
 * (e.g. `method="ValidateSession"`). @param url the service's base URL (its health port, or the gateway's public URL)
 */
export async function metricTotal(url: string, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && l.includes(labels))
    .reduce((a, l) => a + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

/** The gRPC calls of one method that a service of a test stack answered so far (its `nightfall_grpc_server_handled_total`). */
export const handledCalls = (stack: RunningStack, service: 'identity' | 'billing' | 'admin', method: string): Promise<number> =>
  metricTotal(`http://127.0.0.1:${stack.ports[`${service}Health`]}`, 'nightfall_grpc_server_handled_total', `method="${method}"`);

/** identity's ValidateSession calls answered so far in a test stack (docs/architecture.md "Session checks"). */
export const validateSessionCalls = (stack: RunningStack): Promise<number> => handledCalls(stack, 'identity', 'ValidateSession');

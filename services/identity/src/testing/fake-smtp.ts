import { createServer, type Server } from 'node:net';

/** A minimal SMTP server on 127.0.0.1 that records each message's DATA (enough for nodemailer without TLS). */
export function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 OK queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 localhost\r\n');
        else if (cmd === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((res) => server.listen(0, '127.0.0.1', () => res({ server, port: (server.address() as { port: number }).port, messages })));
}

/**
 * Catalogue texts with React nodes in their placeholders: `tx('resolve.dealt', { role: <RoleTag .../> })`
 * renders 'You were dealt the ' followed by the tag, so a sentence with a coloured role or a highlighted
 * code stays one catalogue entry (word order is the catalogue's).
 */
import { Fragment, type ReactNode } from 'react';
import { t, type MessageKey, type Params } from './t';

/** The text of `key` with each `{name}` replaced by `nodes.name` (React nodes) or `params.name` (text). */
export function tx(key: MessageKey, nodes: Readonly<Record<string, ReactNode>>, params?: Params): ReactNode {
  const parts = t(key, params).split(/(\{\w+\})/g);
  return (
    <>
      {parts.map((part, i) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (m && Object.prototype.hasOwnProperty.call(nodes, m[1] as string)) return <Fragment key={i}>{nodes[m[1] as string]}</Fragment>;
        return part === '' ? null : <Fragment key={i}>{part}</Fragment>;
      })}
    </>
  );
}

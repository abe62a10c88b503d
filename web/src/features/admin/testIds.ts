import type { ButtonProps } from 'antd';

/** Button props carrying a data-testid (antd's ButtonProps does not declare data-* attributes). */
export function buttonTestId(id: string, props: ButtonProps = {}): ButtonProps {
  return { ...props, ...({ 'data-testid': id } as ButtonProps) };
}

import type { ReactNode } from 'react';

export function EmptyState({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="empty-state" data-testid={testId}>
      <h2>{title}</h2>
      <div className="empty-state-body">{children}</div>
    </section>
  );
}

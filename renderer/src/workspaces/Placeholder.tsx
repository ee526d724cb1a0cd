/** A workspace that is not built yet says so, and what to do meanwhile. */
export function Placeholder({ title, next }: { title: string; next: string }) {
  return (
    <section className="page placeholder" aria-label={title}>
      <h1>{title}</h1>
      <p>{next}</p>
      <p className="muted">Press Ctrl+K to see every command.</p>
    </section>
  );
}

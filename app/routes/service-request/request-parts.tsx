/** A request's or a message's attachments as download links, with their sizes in words (staff and customer alike). */
export function RequestFiles({
  files,
  className,
}: {
  files: { id: number; href: string; name: string; size: string }[]
  className?: string
}) {
  return (
    <ul className={className}>
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.href} download>
            {f.name}
          </a>{' '}
          ({f.size})
        </li>
      ))}
    </ul>
  )
}

/** One fact of a request in its description list. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}

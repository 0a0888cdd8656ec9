import type { ReactNode } from 'react'
import './title-block.css'

export type TitleBlockProps = {
  title: ReactNode
  description?: ReactNode
  /** Put on the heading, so `?focus=<id>` and `#<id>` scroll to it. */
  id?: string
  as?: 'h2' | 'h3'
  className?: string
}

/** Section heading with an optional description below it. */
export function TitleBlock({ title, description, id, as: Heading = 'h2', className }: TitleBlockProps) {
  return (
    <div className={`title-block ${className ?? ''}`}>
      <Heading id={id} className={`title-block__title title-block__title--${Heading}`}>
        {title}
      </Heading>
      {description ? <div className="title-block__description">{description}</div> : null}
    </div>
  )
}

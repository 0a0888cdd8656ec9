import { Link } from 'react-router'

/** The outcome of a member step (verified, password reset, link expired) with the one way on. */
export function MemberResult(props: {
  title: string
  body?: string
  to: string
  action: string
  role?: 'status' | 'alert'
}) {
  return (
    <div className="member-result" role={props.role}>
      <h2 className="member-result__title">{props.title}</h2>
      {props.body ? <p>{props.body}</p> : null}
      <div className="member-result__actions">
        <Link className="button button--primary" to={props.to}>
          {props.action}
        </Link>
      </div>
    </div>
  )
}

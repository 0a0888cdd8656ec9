import { useLayoutEffect, type RefObject } from 'react'

/**
 * What a person typed or ticked in a form before the page was hydrated, taken into the form's state.
 * Hydration leaves each field as the person left it, but a controlled field's state still holds the
 * server's value, so a submit read from the state, or the field's next render, would lose it. Once,
 * when the form mounts, `take` gets the form's fields as they are and sets the state from them (after a
 * client-side navigation they hold the state's own values, so nothing changes).
 */
export function useTypingBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  take: (fields: FormData) => void,
): void {
  useLayoutEffect(() => {
    if (form.current) take(new FormData(form.current))
    // Only at mount: from then on the state drives the fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

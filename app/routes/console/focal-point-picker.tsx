import { useState, type KeyboardEvent, type MouseEvent } from 'react'
import { Field } from '#app/components/form/field.tsx'
import { useT } from '#app/i18n/use-lang.ts'

/** One arrow key press moves the point this many percent (with Shift: ten times as far). */
const STEP = 1

const clampPercent = (v: number) => Math.min(100, Math.max(0, Math.round(v * 10) / 10))

/**
 * The focal point of an image: two number inputs in percent (they work without script and are
 * what the form posts), and with script the image itself, on which a click or tap sets the point
 * and the arrow keys move it. The marker shows where the point is.
 */
export function FocalPointPicker({
  src,
  width,
  height,
  x: initialX,
  y: initialY,
  errors,
  disabled,
}: {
  src: string
  width: number
  height: number
  x: string
  y: string
  errors: { x?: string | undefined; y?: string | undefined }
  disabled: boolean
}) {
  const t = useT()
  const [x, setX] = useState(initialX)
  const [y, setY] = useState(initialY)
  const nx = clampPercent(Number(x) || 0)
  const ny = clampPercent(Number(y) || 0)

  function pick(event: MouseEvent<HTMLButtonElement>) {
    // A keyboard "click" (Enter, Space) has no position: the arrow keys move the point instead.
    if (event.detail === 0) return
    const box = event.currentTarget.getBoundingClientRect()
    setX(String(clampPercent(((event.clientX - box.left) / box.width) * 100)))
    setY(String(clampPercent(((event.clientY - box.top) / box.height) * 100)))
  }

  function move(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.shiftKey ? STEP * 10 : STEP
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const delta = moves[event.key]
    if (!delta) return
    event.preventDefault()
    setX(String(clampPercent(nx + delta[0])))
    setY(String(clampPercent(ny + delta[1])))
  }

  return (
    <div className="focal-picker">
      <button
        type="button"
        className="focal-picker__image"
        onClick={pick}
        onKeyDown={move}
        disabled={disabled}
        aria-label={t('console.mediaLib.focalPicker', { x: nx, y: ny })}
      >
        <img src={src} alt="" width={width} height={height} />
        <span className="focal-picker__marker" style={{ left: `${nx}%`, top: `${ny}%` }} aria-hidden="true" />
      </button>
      <div className="focal-picker__inputs">
        {(['x', 'y'] as const).map((axis) => (
          <Field
            key={axis}
            label={t(axis === 'x' ? 'console.mediaLib.focalX' : 'console.mediaLib.focalY')}
            hint={t('console.mediaLib.focalHint')}
            error={errors[axis]}
          >
            {(control) => (
              <input
                {...control}
                className="field__input"
                type="number"
                name={`focal_${axis}`}
                min={0}
                max={100}
                step="any"
                inputMode="decimal"
                value={axis === 'x' ? x : y}
                onChange={(e) => (axis === 'x' ? setX : setY)(e.target.value)}
                readOnly={disabled}
              />
            )}
          </Field>
        ))}
      </div>
    </div>
  )
}

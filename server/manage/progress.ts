import type { ProgressStream } from './command.ts'
import { groupDigits } from '#shared/group-digits.ts'

/**
 * A progress bar for long commands: redrawn in place on a terminal (at most ten times a second),
 * one line per tenth of the work when the output is a file or a pipe (CI logs stay short).
 */
export function progressBar(label: string, stream: ProgressStream = process.stderr) {
  const width = 30
  let lastDraw = 0
  let lastTenth = -1
  const started = Date.now()
  const line = (done: number, total: number, detail: string) => {
    const share = total > 0 ? Math.min(1, done / total) : 1
    const filled = Math.round(share * width)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(share * 100)}% ${groupDigits(done)}/${groupDigits(total)} ${seconds}s${detail ? ` ${detail}` : ''}`
  }
  return {
    update(done: number, total: number, detail = '') {
      if (stream.isTTY) {
        const now = Date.now()
        if (now - lastDraw < 100 && done < total) return
        lastDraw = now
        stream.write(`\r${line(done, total, detail)}\u001b[K`)
      } else {
        const tenth = total > 0 ? Math.floor((done / total) * 10) : 10
        if (tenth === lastTenth) return
        lastTenth = tenth
        stream.write(`${line(done, total, detail)}\n`)
      }
    },
    /** Ends the bar's line. */
    end() {
      if (stream.isTTY) stream.write('\n')
    },
  }
}

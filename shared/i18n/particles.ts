import { josa } from 'es-hangul'

/**
 * Korean particles after a value a message is filled with (`{version}을(를)`), chosen by how the
 * value ends as it is read aloud: es-hangul for Hangul; a digit or a Latin letter by its Korean
 * reading (2 → 이 takes 를, 3 → 삼 takes 을; B → 비 takes 가, L → 엘 takes 이). The catalogues keep
 * the usual "을(를)" spelling, so a message read without values still reads correctly.
 */
export const PARTICLE_MARKERS = {
  '을(를)': '을/를',
  '이(가)': '이/가',
  '은(는)': '은/는',
  '와(과)': '와/과',
  '(으)로': '으로/로',
} as const
export type ParticleMarker = keyof typeof PARTICLE_MARKERS

/** The digits read aloud (일, 이, 삼, …); a number ending in 0 ends in 영, 십, 백, 천 or 만: all closed. */
const DIGITS = '영일이삼사오육칠팔구'
/** Latin letters whose Korean names end in a final consonant (엘, 엠, 엔, 알); the others end open (에이, 비, 씨, …). */
const CLOSED_LETTERS: Record<string, string> = { L: '엘', M: '엠', N: '엔', R: '알' }

/**
 * The syllable the particle follows: the value's last Hangul syllable, or the reading of its last
 * digit or letter; closing quotes, brackets and other marks after it are not read ('tm.pdf' → f).
 */
function lastSounded(value: string): string {
  const last = value.replace(/[^0-9A-Za-z가-힣]+$/, '').at(-1) ?? ''
  if (/[0-9]/.test(last)) return DIGITS[Number(last)]!
  if (/[A-Za-z]/.test(last)) return CLOSED_LETTERS[last.toUpperCase()] ?? '비'
  return last
}

/** The particle that follows `value` (without the value). */
export function particleAfter(value: string, marker: ParticleMarker): string {
  const sound = lastSounded(value)
  // es-hangul decides for Hangul; anything else (a symbol, nothing) keeps the neutral spelling.
  return /[가-힣]/.test(sound) ? josa.pick(sound, PARTICLE_MARKERS[marker]) : marker
}

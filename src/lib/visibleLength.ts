/**
 * How many characters of a text a reader sees: spaces, control characters, default-ignorable code
 * points (zero-width spaces, soft hyphens, variation selectors, Hangul fillers, bidi controls),
 * combining marks and the blank braille pattern are not counted. A minimum length of a reason is
 * a minimum of this: twelve zero-width spaces are no reason.
 */
const UNSEEN = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/gu

export const visibleLength = (text: string): number => {
  let count = 0
  for (const _ of text.replace(UNSEEN, '')) count++
  return count
}

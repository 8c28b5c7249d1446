/**
 * A name as screening compares it (docs/compliance.md, "7. Sanctions screening"): the spellings
 * a person can give of one name fold to one form, so that "D.m.i.t.r.y Volkov", "Bo ris Bad guy"
 * or "Nicolás Madurо" (a Cyrillic о) is scored as "Dmitry Volkov", "Boris Badguy" and "Nicolas
 * Maduro". Pure: no I/O, no state.
 *
 * In order: Unicode NFKC (full-width and mathematical letters, ligatures); invisible characters
 * dropped; look-alike letters of other scripts folded to the Latin letter they imitate (the
 * skeleton of Unicode TR39, for the common Cyrillic, Greek, Armenian and small-capital letters,
 * digits and symbols inside words); a word written wholly in Cyrillic transliterated instead
 * (BGN/PCGN); lower case; accents removed; words split at spaces and punctuation, apostrophes
 * dropped; a run of single letters joined (D m i t r y → dmitry); then each word's common
 * transliterations folded (Dmitriy, Dmitrii, Dmitri → dmitri; Volkoff → volkov; Alexander and
 * Aleksandr to one spelling),
 * keeping each word also as written and as spelled by the general rules only (for typos).
 * Word order is kept (the scorer ignores it) with where a comma stood, for "LAST, First".
 */

export type NormalName = {
  /** Where the part after the first comma starts (`LAST, First`), or -1. */
  commaAt: number
  /** Each word after the general spelling rules only, before the table of names (for typos). */
  spelled: string[]
  /** Each word folded: the general rules, then the table of names. */
  tokens: string[]
  /** Each word in plain letters, before any spelling rule (for typos: "Jaari" is one letter from "Jafari", "jari" two). */
  written: string[]
}

/** Characters that print as nothing (zero-width space, joiners, soft hyphen, BOM…), as code point ranges. */
const INVISIBLE: [number, number][] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
]
const visible = (char: string) => {
  const code = char.codePointAt(0)!
  return !INVISIBLE.some(([from, to]) => code >= from && code <= to)
}

/**
 * TR39 confusables, compactly: each Latin letter and the letters of other scripts that print
 * like it (case matters: Cyrillic Н is H, Greek η is n; the Lisu letters ꓮ…ꓴ are capitals). NFKC already folds full-width,
 * mathematical, circled and ligature forms.
 */
const LOOK_ALIKES: Record<string, string> = {
  A: 'АΑᎪᗅꓮ', // Cyrillic А, Greek Α, Cherokee Ꭺ, Canadian ᗅ
  B: 'ВΒᏴꓐ',
  C: 'СϹᏟꓚ',
  D: 'Ꭰꓓ',
  E: 'ЕΕᎬꓰ',
  F: 'ꓝ',
  G: 'ꓖ',
  H: 'НΗᎻһꓧ', // Cyrillic Н, Greek Η, Cherokee Ꮋ; һ (Cyrillic shha) is a lowercase h
  I: 'ІΙӀꓲ',
  J: 'ЈᎫꓙ',
  K: 'КΚᏦꓗ',
  L: 'ꓡ',
  M: 'МΜᎷꓟ',
  N: 'Νꓠ',
  O: 'ОΟՕꓳ',
  P: 'РΡᏢꓑ',
  Q: 'Ԛ',
  R: 'ꓣ',
  S: 'ЅᏚꓢ',
  T: 'ТΤᎢꓔ',
  U: 'ꓴ',
  V: 'Ꮩꓦ',
  W: 'ԜᏔꓪ',
  X: 'ХΧꓫ',
  Y: 'УΥҮꓬ',
  Z: 'ΖᏃꓜ',
  a: 'аɑα@',
  b: 'ЬьƅᏏ',
  c: 'сϲᴄ',
  d: 'ԁᏧ',
  e: 'еҽᥱ',
  g: 'ɡց',
  h: 'հ',
  i: 'іιɩı1',
  j: 'јϳȷ',
  k: 'кκᴋ',
  l: 'ʟ|ӏ',
  m: 'мᴍ',
  n: 'ηոᴎ',
  o: 'оοօσ0ᴏ',
  p: 'рρ',
  q: 'ԛ',
  r: 'ʀᴦ',
  s: 'ѕꜱ$5',
  t: 'тᴛ7',
  u: 'υսᴜ',
  v: 'νᴠ',
  w: 'ԝωᴡ',
  x: 'хχ',
  y: 'уүγʏ',
  z: 'ᴢ',
}
const SKELETON = new Map<string, string>(
  Object.entries(LOOK_ALIKES).flatMap(([latin, others]) =>
    [...others].map((other) => [other, latin] as const),
  ),
)
// Small capitals print as their capital letter.
for (const [small, latin] of [
  ['ᴀ', 'A'],
  ['ʙ', 'B'],
  ['ᴅ', 'D'],
  ['ᴇ', 'E'],
  ['ɢ', 'G'],
  ['ʜ', 'H'],
  ['ɪ', 'I'],
  ['ᴊ', 'J'],
])
  SKELETON.set(small, latin)
/** Digits and symbols read as letters only between letters (Vo1kov, B0ris): 2000 stays 2000. */
const IN_WORDS_ONLY = new Set(['0', '1', '5', '7', '@', '$', '|'])

/** BGN/PCGN romanization, for a word written wholly in Cyrillic (Russian, Ukrainian, Belarusian). */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'w',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
}
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u
const LATIN_LETTER = /\p{Script=Latin}/u

/** Letters that NFKD does not take apart. */
const SPECIAL_LETTERS: Record<string, string> = {
  æ: 'ae',
  ð: 'd',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  ŀ: 'l',
  ø: 'o',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
  ŧ: 't',
}

/** One word of the raw name: transliterated when all Cyrillic and not merely look-alikes, else its skeleton. */
const skeletonOf = (word: string): string => {
  const chars = [...word]
  const cyrillicOnly =
    chars.some((char) => CYRILLIC_LETTER.test(char)) &&
    !chars.some((char) => LATIN_LETTER.test(char))
  const allLookAlikes = chars.every((char) => !CYRILLIC_LETTER.test(char) || SKELETON.has(char))
  if (cyrillicOnly && !allLookAlikes)
    return chars.map((char) => CYRILLIC[char.toLowerCase()] ?? char).join('')
  return chars
    .map((char, index) => {
      const latin = SKELETON.get(char)
      if (!latin) return CYRILLIC_LETTER.test(char) ? (CYRILLIC[char.toLowerCase()] ?? '') : char
      if (!IN_WORDS_ONLY.has(char)) return latin
      const letter = (other?: string) => Boolean(other && /\p{L}/u.test(other))
      return letter(chars[index - 1]) || letter(chars[index + 1]) ? latin : char
    })
    .join('')
}

/** Lower case, accents off, only a–z and 0–9 left. */
const plain = (word: string): string =>
  word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[æðđħıłŀøœßþŧ]/g, (char) => SPECIAL_LETTERS[char])
    .replace(/[^a-z0-9]/g, '')

/**
 * Common transliterations of one name, each spelling → the one kept. Applied after the general
 * rules below (written here as people spell them; the keys are folded by the rules at load).
 */
const SPELLINGS: Record<string, string[]> = {
  // Russian, Ukrainian, Belarusian
  aleksandr: ['alexander', 'aleksander', 'alexandr', 'oleksandr', 'olexandr', 'alexandre'],
  aleksei: ['alexey', 'aleksey', 'alexei', 'alexej', 'oleksiy', 'oleksii', 'aleksiy'],
  anatoli: ['anatoliy', 'anatolij', 'anatoly'],
  andrei: ['andrey', 'andrej', 'andrii', 'andriy'],
  dmitri: ['dmitry', 'dmitriy', 'dmitrii', 'dmitrij', 'dimitri', 'dimitry', 'dmytro'],
  fyodor: ['fedor', 'fiodor', 'feodor'],
  gennadi: ['gennady', 'gennadiy', 'gennadii'],
  georgi: ['georgy', 'georgiy', 'georgii', 'heorhiy'],
  grigori: ['grigory', 'grigoriy', 'grigorii', 'hryhoriy'],
  ilya: ['ilia', 'ilja', 'iliya', 'illia'],
  konstantin: ['constantin', 'kostiantyn', 'konstantyn'],
  maksim: ['maxim', 'maksym', 'maxime'],
  mikhail: ['michail', 'mihail', 'mykhailo', 'mikail'],
  natalya: ['natalia', 'nataliya', 'natalja'],
  nikolai: ['nikolay', 'nicolai', 'nikolaj', 'mykola'],
  pyotr: ['petr', 'piotr', 'petro'],
  sergei: ['sergey', 'sergej', 'serhii', 'serhiy', 'sergii', 'sergiy'],
  tatyana: ['tatiana', 'tatjana', 'tetiana'],
  vasili: ['vasily', 'vasiliy', 'vassily', 'vasyl'],
  viktor: ['victor'],
  vladimir: ['wladimir', 'volodymyr', 'uladzimir'],
  yekaterina: ['ekaterina', 'katerina', 'kateryna'],
  yelena: ['elena', 'jelena', 'olena'],
  yevgeni: ['evgeny', 'evgeniy', 'evgenii', 'yevgeny', 'yevgeniy', 'yevhen', 'evgenij'],
  yuri: ['yury', 'yuriy', 'yurii', 'iurii', 'iuri', 'jurij', 'juri', 'yurij', 'iouri'],
  // Arabic and Persian
  abdallah: ['abdullah', 'abdulla', 'abdalla'],
  abdul: ['abdel', 'abdal', 'abdoul', 'abd'],
  ahmad: ['ahmed', 'ahmet', 'achmed', 'ahmid'],
  al: ['el', 'ul'],
  faisal: ['faysal', 'feisal', 'faisel'],
  hasan: ['hassan', 'hasen'],
  husain: ['hussein', 'hussain', 'husein', 'hossein', 'hussien', 'husayn', 'housain'],
  ibrahim: ['ebrahim', 'ibraheem', 'ibraim'],
  jafar: ['jaafar', 'jafaar', 'djafar'],
  khalid: ['khaled', 'khaleed'],
  mahmud: ['mahmoud', 'mahmood', 'mahmut'],
  muhamad: [
    'mohammed',
    'mohammad',
    'mohamed',
    'muhammed',
    'muhammad',
    'mohamad',
    'mouhamed',
    'muhamed',
    'mohamud',
    'mohammod',
    'mukhammad',
  ],
  mustafa: ['mostafa', 'moustafa', 'mustapha', 'mostapha'],
  nasir: ['nasser', 'naser', 'nassir', 'nassar'],
  qasim: ['qassem', 'kassem', 'qasem', 'kasim', 'qassim', 'ghasem'],
  rashid: ['rasheed', 'rachid', 'rachied'],
  said: ['saeed', 'sayed', 'sayyid', 'saied', 'sayid', 'saeid'],
  umar: ['omar', 'omer'],
  usama: ['osama', 'ousama', 'oussama'],
  uthman: ['othman', 'osman', 'usman', 'othmane'],
  walid: ['waleed', 'oualid'],
  yasin: ['yassin', 'yaseen', 'yassine'],
  yusuf: ['yousef', 'youssef', 'yousuf', 'yusef', 'youssouf', 'yousif'],
  zaid: ['zayd', 'zeid'],
  // Korean (Revised, McCune–Reischauer and usual spellings) and Chinese (pinyin, Wade–Giles)
  choi: ['choe', 'chwe'],
  kang: ['gang'],
  kim: ['gim'],
  lee: ['ri', 'rhee', 'rhie', 'yi'],
  park: ['pak', 'bak'],
  xu: ['hsu'],
  zhang: ['chang'],
  zhou: ['chou'],
}

/**
 * The general rules, in order: -off/-eff → -ov/-ev, German -ow → -ov, ks → x, ph → f, tch → ch,
 * doubled letters once, and the endings -iy/-ii/-ij/-yi → -i, -ey/-ej → -ei, -ay/-aj → -ai, a
 * final y after a consonant → i (Dmitry, Dmitriy, Dmitrii all end in -i).
 */
const foldRules = (word: string): string =>
  word
    .replace(/off$/, 'ov')
    .replace(/eff$/, 'ev')
    .replace(/^(.{3,})ow$/, '$1ov')
    .replace(/ks/g, 'x')
    .replace(/ph/g, 'f')
    .replace(/tch/g, 'ch')
    .replace(/([a-z])\1+/g, '$1')
    .replace(/(?:iy|ij|yi)$/, 'i')
    .replace(/e[yj]$/, 'ei')
    .replace(/a[yj]$/, 'ai')
    .replace(/([^aeiouy])y$/, '$1i')

const FOLDED = new Map<string, string>(
  Object.entries(SPELLINGS).flatMap(([kept, spellings]) =>
    [kept, ...spellings].map((spelling) => [foldRules(spelling), foldRules(kept)] as const),
  ),
)

/** One word's spelling by the general rules. Digits-only words stay. */
export const spell = (word: string): string => (/[a-z]/.test(word) ? foldRules(word) : word)

/** One word's spelling folded: the general rules, then the table. */
export const foldSpelling = (word: string): string => {
  const ruled = spell(word)
  return FOLDED.get(ruled) ?? ruled
}

/** A run of two or more single letters becomes one word: d m i t r y → dmitry. */
const joinSingleLetters = (words: string[]): string[] => {
  const joined: string[] = []
  let run = ''
  const flush = () => {
    if (run) joined.push(run)
    run = ''
  }
  words.forEach((word, index) => {
    const single = word.length === 1 && /[a-z]/.test(word)
    const nextSingle = words[index + 1]?.length === 1
    if (single && (run || nextSingle)) run += word
    else {
      flush()
      joined.push(word)
    }
  })
  flush()
  return joined
}

/** Apostrophes and their look-alikes join a word's parts (O'Brien → obrien); other punctuation splits. */
const APOSTROPHES = /['‘’‛`´ʹʻʼʽˈ]/g

export const normalizeName = (name: string): NormalName => {
  const text = [...name.normalize('NFKC')].filter(visible).join('').replace(APOSTROPHES, '')
  const [before, ...after] = text.split(',')
  const wordsOf = (part: string) =>
    joinSingleLetters(
      part
        .split(/[^\p{L}\p{N}\p{M}@$|]+/u)
        .map((word) => plain(skeletonOf(word)))
        .filter(Boolean),
    )
  const first = wordsOf(before)
  const rest = after.length ? wordsOf(after.join(' ')) : []
  const written = [...first, ...rest]
  const spelled = written.map(spell)
  return {
    commaAt: rest.length && first.length ? first.length : -1,
    spelled,
    tokens: spelled.map((word) => FOLDED.get(word) ?? word),
    written,
  }
}

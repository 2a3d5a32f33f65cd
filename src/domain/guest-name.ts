const ADJECTIVES = [
  'Bright',
  'Calm',
  'Clever',
  'Gentle',
  'Happy',
  'Kind',
  'Lively',
  'Lucky',
  'Merry',
  'Quiet',
  'Swift',
  'Witty',
];
const ANIMALS = [
  'Badger',
  'Dolphin',
  'Falcon',
  'Fox',
  'Heron',
  'Koala',
  'Lynx',
  'Otter',
  'Panda',
  'Robin',
  'Seal',
  'Wren',
];

/** A guest-style display name for members who signed up without one, e.g. "Guest Lucky Otter 482". */
export function guestName(random: () => number = Math.random): string {
  const pick = (words: readonly string[]) => words[Math.floor(random() * words.length)] ?? words[0];
  const number = 100 + Math.floor(random() * 900);
  return `Guest ${pick(ADJECTIVES)} ${pick(ANIMALS)} ${number}`;
}

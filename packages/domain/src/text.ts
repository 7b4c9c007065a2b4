/** The longest prefix of `text` of at most `max` UTF-16 units that does not split a character. */
export function truncateText(text: string, max: number): string {
  let result = '';
  for (const character of text) {
    if (result.length + character.length > max) break;
    result += character;
  }
  return result;
}

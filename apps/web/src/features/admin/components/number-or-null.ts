/** A number typed in a text field: '' → null (left empty), anything else → Number (NaN fails the schema). */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

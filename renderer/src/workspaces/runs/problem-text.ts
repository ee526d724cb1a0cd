/**
 * A plan problem's message as shown after its path (`args.lat refers to s9, which is not a step.`):
 * without the field's name where the message starts with it.
 */
export function messageAfterPath({ path, message }: { path: string; message: string }): string {
  const field = path.replace(/^args\./, '');
  return field && message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
}

/** Text made safe to put inside a mail's HTML (visitors' and users' words go into mails). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

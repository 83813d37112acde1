/**
 * The name a request email greets someone by ("Hi Ann," for Ann Lee), shared by the server's emails and the
 * dashboard's preview of them. The list is the owner's own, so any first word is taken as it is, except a title.
 */

/** Words that come before a name rather than being one: "Dr Ann Lee" is greeted by her whole name. */
const TITLES = /^(mr|mrs|ms|miss|mx|dr|prof|sir|dame|lady|lord|rev|fr)\.?$/i;

/** The first word of the list's name, or the whole name when it starts with a title; "" for no name. */
export function firstName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return "";
  return TITLES.test(words[0]!) ? words.join(" ") : words[0]!;
}

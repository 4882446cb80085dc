import type { Reason } from '#common/contracts/recommendations.ts';

const VERBS = { bookmark: 'bookmarked', watch: 'watch', note: 'wrote a note on' } as const;

/** What the story shares with the source, as a phrase: "both mention rust", "same site: github.com", "same author: pg". */
export function matchText(reason: Pick<Reason, 'match' | 'value'>): string {
  if (reason.match === 'domain') return `same site: ${reason.value}`;
  if (reason.match === 'author') return `same author: ${reason.value}`;
  return `both mention “${reason.value}”`;
}

/** One reason as a sentence: "Because you bookmarked “Rust in production” (both mention “rust”)". */
export function reasonText(reason: Reason): string {
  if (reason.source === 'alert') return `Because of your keyword alert “${reason.keyword ?? reason.value}”`;
  return `Because you ${VERBS[reason.source]} “${reason.storyTitle ?? 'a story'}” (${matchText(reason)})`;
}

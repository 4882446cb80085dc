import { EMAIL_SHARE_MARKER } from '#common/rules/email.ts';

/**
 * SQL over a `shared_links` row (alias `l` unless named): true for a link a person shared. Emails once linked their
 * stories through share links made for them, titled with EMAIL_SHARE_MARKER; emails now link the article directly,
 * and the links made for them before are left out of every shared-link figure, which counts only what people shared.
 */
export function sharedByPerson(alias = 'l'): string {
  return `position('${EMAIL_SHARE_MARKER}' in coalesce(${alias}.custom_title, '')) = 0`;
}

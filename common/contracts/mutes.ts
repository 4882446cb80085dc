import { z } from 'zod';
import { MUTE_KINDS, MUTE_VALUE_MAX, normaliseMuteValue } from '../rules/mutes.ts';
import { idParam, text } from './fields.ts';

/** The longest value any kind of rule takes as typed (a domain typed as a url may be longer than the domain). */
const MUTE_VALUE_TYPED_MAX = 2 * MUTE_VALUE_MAX.domain;

/** A new rule: its kind and value, the value normalised as it is stored (common/rules/mutes.ts) or refused. */
export const muteBodySchema = z
  .object({
    kind: z.enum(MUTE_KINDS, { error: `kind must be one of ${MUTE_KINDS.join(', ')}` }),
    value: text('value', MUTE_VALUE_TYPED_MAX, { min: 1 }),
  })
  .strict()
  .transform((body, context) => {
    const result = normaliseMuteValue(body.kind, body.value);
    if ('error' in result) {
      context.addIssue({ code: 'custom', message: result.error, path: ['value'] });
      return z.NEVER;
    }
    return { kind: body.kind, value: result.value };
  });
export type MuteBody = z.infer<typeof muteBodySchema>;

export const muteSchema = z.object({ id: z.number().int(), kind: z.enum(MUTE_KINDS), value: z.string() });
export type Mute = z.infer<typeof muteSchema>;
export const mutesResponseSchema = z.object({ mutes: z.array(muteSchema) });
export const muteResponseSchema = z.object({ mute: muteSchema });
export const muteIdParamsSchema = z.object({ id: idParam('id') });

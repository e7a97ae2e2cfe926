import { Type } from 'typebox';
import { annotate } from '../http/common.schemas.js';

/** Longest tag name, after trimming. */
export const TAG_NAME_MAX = 64;

export const Tag = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    twofaccounts_count: Type.Integer({ description: 'Accounts carrying the tag' }),
  },
  { title: 'Tag', description: 'A tag; an account carries any number of them' },
);

/** Names are trimmed; unique whatever their case. */
export const TagBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: TAG_NAME_MAX }),
});

export const TagIdParams = Type.Object({ id: Type.Integer({ minimum: 1, description: 'Tag id' }) });

/** Accounts to tag or untag (Manage mode): at most 100 ids, unknown ids ignored. */
export const TagAccountsBody = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), {
    minItems: 1,
    maxItems: 100,
    ...annotate({ 'x-rules': ['distinct'] }),
  }),
});

/** The Twofold-only `tags` of an account create or update: names, created when new. */
export const AccountTagNames = Type.Array(Type.String({ minLength: 1, maxLength: TAG_NAME_MAX }), {
  maxItems: 100,
  description: 'Tag names (Twofold only): the account gets exactly these tags, new names are created',
});

import { GROUP_NAME_MAX_LENGTH, GROUP_NAME_PATTERN } from '@twofold/otp';
import { Type } from 'typebox';
import { annotate, Nullable } from '../http/common.schemas.js';
import { registerRule } from '../http/validation.js';
import { translate } from '../i18n/translate.js';
import { locales } from '../i18n/locales.js';

/** The pseudo group's name in every supported language, lower-cased. */
const reservedNames = new Set(
  [
    ...locales.map((locale) => translate(locale, 'group.all')),
    'All',
    'Tous',
    'Alle',
    'Todos',
    '全部',
    'සියල්ල',
  ].map((name) => name.toLowerCase()),
);

registerRule('group_reserved', (value) =>
  typeof value === 'string' && reservedNames.has(value.toLowerCase())
    ? { key: 'error.group_reserved_name' }
    : undefined,
);

export const Group = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    show_in_chips: Nullable(Type.Boolean()),
    twofaccounts_count: Type.Integer(),
  },
  { title: 'Group', description: 'A group; id 0 is the pseudo group "All"' },
);

export const GroupBody = Type.Object({
  name: Type.String({
    maxLength: GROUP_NAME_MAX_LENGTH,
    pattern: GROUP_NAME_PATTERN,
    ...annotate({ 'x-messages': { regex: 'error.group_name_characters' }, 'x-rules': ['group_reserved'] }),
  }),
  show_in_chips: Type.Optional(Type.Boolean()),
});

/** Group ids in paths: 0 is the pseudo group. */
export const GroupIdParams = Type.Object({
  id: Type.Integer({ minimum: 0, description: 'Group id (0 = All)' }),
});

export const AssignBody = Type.Object({
  ids: Type.Array(Type.Integer(), { minItems: 1 }),
});

export const OrderedIdsBody = Type.Object({
  orderedIds: Type.Array(Type.Integer(), { minItems: 1, ...annotate({ 'x-rules': ['distinct'] }) }),
});

export const OrderSaved = Type.Object({ message: Type.String(), orderedIds: Type.Array(Type.Integer()) });

import { Type } from 'typebox';
import { Nullable } from '../http/common.schemas.js';
import { TwoFAccount } from './accounts.schemas.js';

/** `page[number]` and `page[size]` of the list (JSON:API's pagination parameters, as 2FAuth reads them). */
export const PageQuery = Type.Object({
  'page[number]': Type.Optional(
    Type.Unknown({
      description: 'The page to answer (from 1): the list comes as one page of Laravel’s paginator',
    }),
  ),
  'page[size]': Type.Optional(Type.Unknown({ description: 'Accounts per page, 1 to 1000 (20 by default)' })),
});

const PageLink = Type.Object({
  url: Nullable(Type.String()),
  label: Type.String(),
  page: Nullable(Type.Integer()),
  active: Type.Boolean(),
});

/** One page of the accounts, in the envelope of Laravel's paginated resource collection. */
export const AccountPage = Type.Object(
  {
    data: Type.Array(TwoFAccount),
    links: Type.Object({
      first: Type.String(),
      last: Type.String(),
      prev: Nullable(Type.String()),
      next: Nullable(Type.String()),
    }),
    meta: Type.Object({
      current_page: Type.Integer(),
      from: Nullable(Type.Integer({ description: 'Position of the first account of the page (from 1)' })),
      last_page: Type.Integer(),
      links: Type.Array(PageLink),
      path: Type.String(),
      per_page: Type.Integer(),
      to: Nullable(Type.Integer({ description: 'Position of the last account of the page' })),
      total: Type.Integer({ description: 'Accounts in the whole list' }),
    }),
  },
  { title: 'AccountPage', description: 'One page of the accounts (with `page[number]` or `page[size]`)' },
);

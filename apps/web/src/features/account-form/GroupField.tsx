import { useQuery } from '@tanstack/react-query';
import { useEffect, type ComponentProps } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { groupsQuery } from '../../entities/group/group.api';
import type { NativeSettings } from '@twofold/otp/browser';
import type { FormValues } from '../../entities/account/form-values';

/**
 * The group a new account goes to when nobody picks one, as the server would choose it: the
 * default group setting, or the active group when that setting says so.
 */
export function defaultGroupOf(settings: NativeSettings): number {
  if (settings.defaultGroup > 0) return settings.defaultGroup;
  if (settings.defaultGroup === -1) return settings.activeGroup;
  return 0;
}

interface GroupFieldProps {
  readonly form: UseFormReturn<FormValues>;
  /** On creation: the group to start on, followed until the person picks one (settings may arrive late). */
  readonly defaultGroup?: number;
}

/** The account's group, picked from the existing ones (shown once there is at least one group). */
export function GroupField({ form, defaultGroup }: GroupFieldProps) {
  const { data: groups } = useQuery(groupsQuery);
  useEffect(() => {
    if (defaultGroup === undefined || form.getFieldState('group').isDirty) return;
    form.setValue('group', String(defaultGroup));
  }, [defaultGroup, form, groups]);
  return <GroupSelect {...form.register('group')} />;
}

/**
 * The group picker itself, for a form without react-hook-form (the quick form): the select's
 * value is a group id as text, '0' for no group. Nothing shows while there is no group.
 */
export function GroupSelect(props: ComponentProps<'select'>) {
  const { t } = useTranslation('accountForm');
  const { data: groups } = useQuery(groupsQuery);
  const named = (groups ?? []).filter((group) => group.id > 0);
  if (named.length === 0) return null;
  return (
    <div className="field">
      <label htmlFor="account-group">{t('fields.group')}</label>
      <select id="account-group" className="input" {...props}>
        <option value="0">{t('fields.noGroup')}</option>
        {named.map((group) => (
          <option key={group.id} value={String(group.id)}>
            {group.name}
          </option>
        ))}
      </select>
    </div>
  );
}

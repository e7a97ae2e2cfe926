import type { UseFormReturn } from 'react-hook-form';
import type { FormValues, OtpType } from '../../entities/account/form-values';
import type { IconState } from './icons';

/**
 * A change of type on a new account. Steam has a fixed service (and, with official icons on, its
 * logo); leaving Steam clears them. A stored account keeps its type.
 */
export function useTypeChange(
  form: UseFormReturn<FormValues>,
  icon: IconState,
  { editing, officialIcons }: { readonly editing: boolean; readonly officialIcons: boolean },
) {
  return (next: OtpType) => {
    const previous = form.getValues('otp_type');
    if (!next || next === previous || editing) return;
    form.setValue('otp_type', next);
    if (next === 'steamtotp') {
      form.setValue('secretFormat', 'base32');
      form.setValue('service', 'Steam');
      form.setValue('secret', '');
      if (officialIcons) icon.fetchLogo.mutate('Steam');
    } else if (previous === 'steamtotp') {
      form.setValue('service', '');
      icon.remove();
    }
  };
}

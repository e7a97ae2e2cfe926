import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Otp } from '../../entities/account/account.api';
import { paramsOtpQuery } from '../../entities/account/otp';
import { applyServerErrors } from '../../ui/forms';
import { FIELDS, toParams, type FormValues } from '../../entities/account/form-values';
import { TestModal } from '../../entities/account/TestModal';

/** The Test button of the advanced form: a code from the form's values, nothing stored. */
export function TestAction({
  form,
  shown,
}: {
  readonly form: UseFormReturn<FormValues>;
  readonly shown: boolean;
}) {
  const { t } = useTranslation('accountForm');
  // Each opening is a new test (a new code, and a new counter for HOTP).
  const [testing, setTesting] = useState(0);

  const openTest = async () => {
    const valid = await form.trigger(['secret', 'digits', 'period', 'counter']);
    if (valid) setTesting((count) => count + 1);
  };
  // The test advanced the counter: the form shows the next one.
  const onHotp = (otp: Otp) => {
    if (otp.counter !== undefined) form.setValue('counter', String(otp.counter));
  };
  // A refused test shows its reasons under the fields, where they can be fixed.
  const onError = (error: Error) => {
    if (applyServerErrors(error, form.setError, FIELDS)) setTesting(0);
  };
  const values = form.getValues();

  return (
    <>
      {shown && (
        <button type="button" className="button" onClick={() => void openTest()}>
          {t('actions.test')}
        </button>
      )}
      <TestModal
        open={testing > 0}
        onClose={() => setTesting(0)}
        title={values.service}
        subtitle={values.account}
        query={paramsOtpQuery([testing, values.secretFormat], toParams(values, null))}
        onHotp={onHotp}
        onError={onError}
      />
    </>
  );
}

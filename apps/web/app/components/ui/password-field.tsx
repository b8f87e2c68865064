import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Icon } from './icon.tsx';
import { TextField } from './text-field.tsx';

/** A password input whose text can be shown and hidden again. */
export function PasswordField(
  props: { label: string; error?: string; hint?: string } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'type'
  >,
) {
  const { t } = useTranslation('forms');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          aria-pressed={visible}
          className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink"
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      }
    />
  );
}

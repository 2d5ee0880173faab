import { useRef, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** A wider dialog (e.g. max-w-5xl) than the default max-w-md. */
  wide?: boolean;
  /**
   * Where focus goes on closing instead of the opener, when it gives an element: e.g. the row of a
   * record the dialog's action changed, whose button is disabled (or gone) once its list reloads.
   */
  returnFocus?: (opener: HTMLElement | null) => HTMLElement | null | undefined;
}

/**
 * Focuses the first of `targets` that takes focus. A disabled, hidden or removed element does not (the
 * browser leaves focus on <body>); the page's main landmark is the last resort.
 */
function focusFirst(targets: (HTMLElement | null | undefined)[]) {
  for (const target of [...targets, document.querySelector<HTMLElement>('main[tabindex]')]) {
    if (!target?.isConnected) continue;
    target.focus();
    if (document.activeElement === target) return;
  }
}

/**
 * A modal dialog: focus is trapped, and returned on closing to what had it when the dialog opened (our
 * dialogs open from their own buttons, not Radix's trigger, which is the only element Radix would
 * return it to), or to `returnFocus`'s element; when neither can take it (disabled or gone), to the
 * page's main content rather than <body>. Escape and the close button close it.
 */
export function Dialog({ open, onOpenChange, title, description, children, wide, returnFocus }: DialogProps) {
  const { t } = useTranslation();
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[2px]" />
        <RadixDialog.Content
          // Radix moves focus into the dialog after this: what has it now opened the dialog.
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusFirst([returnFocus?.(opener.current), opener.current]);
          }}
          className={`fixed start-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${wide ? 'max-w-5xl' : 'max-w-md'} overflow-y-auto -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-xl focus:outline-none rtl:translate-x-1/2`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-fg">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="-m-1.5 rounded-lg p-1.5 text-muted hover:bg-surface-muted hover:text-fg"
              aria-label={t('common.close')}
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="mt-2 text-sm leading-relaxed text-muted">
              {description}
            </RadixDialog.Description>
          )}
          {children && <div className="mt-5">{children}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

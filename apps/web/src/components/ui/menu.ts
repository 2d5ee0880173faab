/** Shared looks of the Radix menus (dropdowns, submenus, popovers). */
export const menuContentClass =
  'z-50 min-w-48 rounded-xl border border-line bg-surface p-1 text-fg shadow-lg focus:outline-none';

export const menuItemClass =
  'relative flex h-9 cursor-pointer items-center gap-2 rounded-lg px-2.5 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-surface-muted data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

export const menuLabelClass = 'px-2.5 pt-2 pb-1 text-xs font-medium tracking-wide text-muted uppercase';

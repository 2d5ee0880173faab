/** Shared looks of the Radix menus (dropdowns, submenus, popovers). */
export const menuContentClass =
  'z-50 min-w-48 rounded-xl border border-line bg-surface p-1 text-fg shadow-lg focus:outline-none';

/**
 * A menu item: the pointer's item gets a background; the keyboard's (focus-visible) also gets the ring
 * every other focused control has in the brand's --ring colour, since the background alone is too faint
 * to see (about 1.1:1 on the menu's white).
 */
export const menuItemClass =
  'relative flex h-9 cursor-pointer items-center gap-2 rounded-lg px-2.5 text-sm outline-none select-none ' +
  'focus-visible:ring-2 focus-visible:ring-ring ' +
  'data-[highlighted]:bg-surface-muted data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

export const menuLabelClass = 'px-2.5 pt-2 pb-1 text-xs font-medium tracking-wide text-muted uppercase';

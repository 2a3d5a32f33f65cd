/** The admin area (spec 2, "Admin area"): its tabs and its words. */

export const ADMIN_TABS = ['Users', 'Photos', 'Features', 'AB Tests', 'Articles', 'PWA Tools'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = 'Photos';

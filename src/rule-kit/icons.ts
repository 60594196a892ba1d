/** The `pro` option of the icon rules (icon names in docs.json and on pages): one reading for both. */
export interface ProIconOptions {
  /**
   * Also report Font Awesome names of the Pro set only (as notes): they render on the platform,
   * under its licence, but not with Font Awesome Free. Default: false.
   */
  pro?: boolean;
}

/** The problem kind of a Pro name, a note by default. */
export const PRO_ICON_PROBLEM = {
  severity: 'info',
  description: 'a Font Awesome Pro name, with the `pro` option',
} as const;

/** The options schema of an icon rule: `pro` alone. */
export const PRO_ICON_OPTIONS_SCHEMA = {
  type: 'object',
  properties: {
    pro: {
      type: 'boolean',
      description:
        'Also report Font Awesome Pro names (as notes): they render on the platform, under its licence, but not with Font Awesome Free.',
    },
  },
  additionalProperties: false,
} as const;

/** Whether an icon rule reports Pro names (`pro: true`). */
export function reportsProIcons(options: ProIconOptions | undefined): boolean {
  return options?.pro === true;
}

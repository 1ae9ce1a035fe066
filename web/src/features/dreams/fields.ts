import type { TFunction } from "i18next";

/** The tags field's label, hint and input settings (`t` of the dreams namespace): the dream page and the edit form. */
export const tagsFieldProps = (t: TFunction) => ({
  label: t("fields.tags"),
  labelHint: t("fields.optional"),
  description: t("fields.tagsHint"),
  name: "tags",
  autoComplete: "off",
});

import { useTranslation } from "react-i18next";
import { Button } from "../Button";
import { DialogClose } from "../Dialog";
import { useFormPending } from "./Form";

/** A dialog form's Cancel, for SubmitRow's `secondary`: closes the dialog, unless the form is still submitting. */
export function DialogCancel() {
  const { t } = useTranslation();
  return (
    <DialogClose asChild>
      <Button variant="secondary" disabled={useFormPending()}>
        {t("forms.cancel")}
      </Button>
    </DialogClose>
  );
}

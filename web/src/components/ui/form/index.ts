/** The form kit: react-hook-form with the app's fields, submit row and server-error mapping. */
export { CountedTextAreaField, type CountedTextAreaFieldProps } from "./CountedTextAreaField";
export { DialogCancel } from "./DialogCancel";
export { Form, type FormProps, useForm, useFormPending } from "./Form";
export {
  EmailField,
  FormSelectField,
  FormSwitchField,
  FormTextAreaField,
  FormTextField,
  PasswordField,
  UsernameField,
} from "./fields";
export { PasswordStrengthHint } from "./PasswordStrengthHint";
export { emailChecks, passwordChecks, requiredText, usernameChecks } from "./rules";
export { FormRootError, SubmitRow } from "./SubmitRow";
export {
  applyServerErrors,
  errorMessageOf,
  FORM_ERROR,
  fieldErrorsOf,
  fieldIssuesOf,
  type ServerErrorOptions,
} from "./server-errors";

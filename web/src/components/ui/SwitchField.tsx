import { Label, Switch } from "radix-ui";
import { type ReactNode, useId } from "react";
import { descriptionClass, labelClass } from "./field-styles";

export interface SwitchFieldProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  id?: string;
}

/** An on/off setting: a labelled switch (role="switch") whose hit area is at least 44 px. */
export function SwitchField({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  id,
}: SwitchFieldProps) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const descriptionId = description ? `${switchId}-description` : undefined;
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <div className="flex min-w-0 flex-col gap-1">
        <Label.Root htmlFor={switchId} className={`${labelClass} cursor-pointer`}>
          {label}
        </Label.Root>
        {description ? (
          <p id={descriptionId} className={descriptionClass}>
            {description}
          </p>
        ) : null}
      </div>
      <Switch.Root
        id={switchId}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={descriptionId}
        className={
          "relative mt-1 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 transition-colors " +
          "before:absolute before:-inset-x-1 before:-inset-y-2.5 before:content-[''] " +
          "border-slate-500 bg-slate-200 data-[state=checked]:border-violet-700 data-[state=checked]:bg-violet-700 " +
          "dark:border-slate-400 dark:bg-night-800 dark:data-[state=checked]:border-moon-300 dark:data-[state=checked]:bg-moon-300 " +
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700 dark:focus-visible:outline-moon-300 " +
          "disabled:cursor-not-allowed disabled:opacity-60"
        }
      >
        <Switch.Thumb
          className={
            "block h-5 w-5 translate-x-0.5 rounded-full bg-slate-700 shadow transition-transform " +
            "data-[state=checked]:translate-x-[1.4rem] data-[state=checked]:bg-white " +
            "dark:bg-slate-300 dark:data-[state=checked]:bg-night-950"
          }
        />
      </Switch.Root>
    </div>
  );
}

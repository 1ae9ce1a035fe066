import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../../lib/i18n";
import { describedText } from "../../../test-helpers";
import {
  CountedTextAreaField,
  EmailField,
  Form,
  FormTextField,
  PasswordField,
  requiredText,
  SubmitRow,
  UsernameField,
  useForm,
} from ".";

beforeAll(async () => {
  await initI18n("en");
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage("en");
});

interface Values {
  username: string;
  email: string;
  password: string;
  nickname: string;
}

/** A signup-like form; `send` stands for the request and may reject like the API does. */
function SignupLike({ send }: { send(values: Values): Promise<unknown> }) {
  const form = useForm<Values>({ defaultValues: { username: "", email: "", password: "", nickname: "" } });
  return (
    <Form
      form={form}
      onSubmit={send}
      serverErrors={{ fallback: "Could not sign up", fields: { CONFLICT: "nickname" } }}
    >
      <UsernameField name="username" label="Username" />
      <EmailField name="email" label="Email" />
      <PasswordField name="password" label="Password" isNew />
      <FormTextField
        name="nickname"
        label="Nickname"
        rules={{ validate: requiredText("Nickname is required") }}
      />
      <SubmitRow pendingLabel="Sending...">Create</SubmitRow>
    </Form>
  );
}

async function fillValid(ui: ReturnType<typeof userEvent.setup>) {
  await ui.type(screen.getByLabelText("Username"), "luna");
  await ui.type(screen.getByLabelText("Email"), "luna@example.com");
  await ui.type(screen.getByLabelText("Password"), "moonlit garden 42");
  await ui.type(screen.getByLabelText("Nickname"), "Lu");
}

describe("the form kit", () => {
  it("ties every label to its input and moves through the fields, then the button, with Tab", async () => {
    render(<SignupLike send={vi.fn()} />);
    const ui = userEvent.setup();
    const order = ["Username", "Email", "Password", "Nickname"].map((label) => screen.getByLabelText(label));
    expect(order.map((input) => input.getAttribute("name"))).toEqual([
      "username",
      "email",
      "password",
      "nickname",
    ]);
    expect(screen.getByLabelText("Password").getAttribute("type")).toBe("password");
    for (const input of order) {
      await ui.tab();
      expect(document.activeElement).toBe(input);
    }
    await ui.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Create" }));
  });

  it("submits with Enter from a field once the contract's rules hold", async () => {
    const send = vi.fn(async (_values: Values) => undefined);
    render(<SignupLike send={send} />);
    const ui = userEvent.setup();
    await fillValid(ui);
    await ui.type(screen.getByLabelText("Nickname"), "{Enter}");
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toEqual({
      username: "luna",
      email: "luna@example.com",
      password: "moonlit garden 42",
      nickname: "Lu",
    });
  });

  it("checks before sending, marks the invalid fields and puts the focus on the first of them", async () => {
    const send = vi.fn();
    render(<SignupLike send={send} />);
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText("Username"), "luna");
    await ui.type(screen.getByLabelText("Email"), "not-an-address");
    await ui.type(screen.getByLabelText("Password"), "short");
    await ui.click(screen.getByRole("button", { name: "Create" }));

    const email = screen.getByLabelText("Email");
    const password = screen.getByLabelText("Password");
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(email)).toContain("Enter a valid email address");
    expect(describedText(password)).toContain("Password must be at least 8 characters");
    expect(describedText(screen.getByLabelText("Nickname"))).toContain("Nickname is required");
    expect(screen.getByLabelText("Username").getAttribute("aria-invalid")).toBeNull();
    expect(send).not.toHaveBeenCalled();

    // Fixing a field takes its error away as soon as it holds.
    await ui.clear(email);
    await ui.type(email, "luna@example.com");
    expect(email.getAttribute("aria-invalid")).toBeNull();
  });

  it("refuses a username the server would refuse, with the rule in words", async () => {
    render(<SignupLike send={vi.fn()} />);
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText("Username"), "lu na!");
    await ui.click(screen.getByRole("button", { name: "Create" }));
    const username = screen.getByLabelText("Username");
    await waitFor(() => expect(username.getAttribute("aria-invalid")).toBe("true"));
    expect(describedText(username)).toContain("Use 3 to 30 characters");
  });

  it("puts the server's field errors on their fields, focuses the first, and a code that names a field on it", async () => {
    let answer: unknown = {
      success: false,
      code: "VALIDATION",
      message: "Validation failed",
      errors: [
        { path: "password", message: "That password is too common" },
        { path: "email", message: "That address cannot receive mail" },
      ],
    };
    render(<SignupLike send={() => Promise.reject(answer)} />);
    const ui = userEvent.setup();
    await fillValid(ui);
    await ui.click(screen.getByRole("button", { name: "Create" }));

    const email = screen.getByLabelText("Email");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(describedText(email)).toContain("That address cannot receive mail");
    expect(describedText(screen.getByLabelText("Password"))).toContain("That password is too common");
    expect(document.activeElement).toBe(email);
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      "That address cannot receive mail",
      "That password is too common",
    ]);

    answer = { success: false, code: "CONFLICT", message: "That nickname is taken" };
    await ui.click(screen.getByRole("button", { name: "Create" }));
    const nickname = screen.getByLabelText("Nickname");
    await waitFor(() => expect(nickname.getAttribute("aria-invalid")).toBe("true"));
    expect(describedText(nickname)).toContain("That nickname is taken");
    expect(document.activeElement).toBe(nickname);
  });

  it("shows a failure no field can take as the form's error, and the next submit clears it", async () => {
    let fail = true;
    const send = vi.fn(() =>
      fail
        ? Promise.reject({ success: false, code: "TOO_MANY_REQUESTS", message: "Too many requests" })
        : Promise.resolve(),
    );
    render(<SignupLike send={send} />);
    const ui = userEvent.setup();
    await fillValid(ui);
    await ui.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Too many requests"));
    for (const label of ["Username", "Email", "Password", "Nickname"]) {
      expect(screen.getByLabelText(label).getAttribute("aria-invalid")).toBeNull();
    }

    fail = false;
    await ui.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it("keeps the button busy while the request is in flight, so a second Enter sends nothing", async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<SignupLike send={send} />);
    const ui = userEvent.setup();
    await fillValid(ui);
    await ui.click(screen.getByRole("button", { name: "Create" }));
    const button = await screen.findByRole("button", { name: "Sending..." });
    expect(button.hasAttribute("disabled")).toBe(true);
    await ui.type(screen.getByLabelText("Nickname"), "{Enter}");
    expect(send).toHaveBeenCalledTimes(1);
    finish();
    await screen.findByRole("button", { name: "Create" });
  });
});

function Counted({ max, min }: { max: number; min?: number }) {
  const [value, setValue] = useState("");
  return (
    <CountedTextAreaField
      label="Dream"
      value={value}
      max={max}
      min={min}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}

describe("the textarea with a counter", () => {
  it("reads the count with the field and announces the characters left near the end", async () => {
    render(<Counted max={40} />);
    const ui = userEvent.setup();
    const field = screen.getByLabelText("Dream");
    expect(describedText(field)).toContain("0 / 40 characters.");
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe("");

    await ui.type(field, "a".repeat(20));
    expect(describedText(field)).toContain("20 / 40 characters.");
    expect(live?.textContent).toBe("");

    await ui.type(field, "a".repeat(19));
    expect(live?.textContent).toBe("1 character left.");
  });

  it("says how many characters are missing and how many are over, in Spanish too", async () => {
    await i18next.changeLanguage("es");
    render(<Counted max={10} min={5} />);
    const ui = userEvent.setup();
    const field = screen.getByLabelText("Dream");
    await ui.type(field, "abc");
    expect(describedText(field)).toContain("Faltan 2 caracteres.");
    await ui.type(field, "defghijkl");
    expect(describedText(field)).toContain("Te pasas del límite por 2 caracteres.");
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
      "Te pasas del límite por 2 caracteres.",
    );
  });
});

import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describedText } from "../../test-helpers";
import { Button } from "./Button";
import { ConfirmDialog } from "./ConfirmDialog";
import { Dialog } from "./Dialog";
import { LinkButton } from "./LinkButton";
import { PageShell } from "./Page";
import { EmptyState, ListStatus } from "./Status";

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage("en");
});

/** A page's "Delete" button that opens the confirmation, as the pages use it. */
function DeleteFlow({ onConfirm }: { onConfirm(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this dream?"
        description="It cannot be undone."
        confirmLabel="Delete for good"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

describe("Button", () => {
  it("while pending, cannot be pressed, says it is busy and shows the pending label", async () => {
    const onClick = vi.fn();
    render(
      <Button pending pendingLabel="Saving..." onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Saving..." });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("is a plain button (not a form submit) unless told otherwise", () => {
    render(
      <form>
        <Button>Next</Button>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Next" });
    expect(button.getAttribute("type")).toBe("button");
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });
});

describe("ConfirmDialog", () => {
  it("starts on Cancel; Escape closes it without confirming", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeleteFlow onConfirm={onConfirm} />);
    const trigger = screen.getByRole("button", { name: "Delete" });
    trigger.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this dream?" });
    expect(describedText(dialog)).toBe("It cannot be undone.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("confirms from the keyboard: Tab to the confirm button, then Enter", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeleteFlow onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await screen.findByRole("alertdialog");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete for good" }));
    await user.keyboard("{Enter}");
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});

describe("Dialog", () => {
  it("is named by its title, described by its description, and closes from the corner button in either language", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    await i18next.changeLanguage("es");
    render(
      <Dialog onClose={onClose} title="Nuevo símbolo" description="Añádelo a tu diccionario.">
        <p>Formulario</p>
      </Dialog>,
    );
    const dialog = screen.getByRole("dialog", { name: "Nuevo símbolo" });
    expect(describedText(dialog)).toBe("Añádelo a tu diccionario.");
    await user.click(screen.getByRole("button", { name: "Cerrar" }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe("EmptyState", () => {
  it("shows its heading, what to do and the action that leads on", () => {
    render(
      <EmptyState
        title="No dreams yet"
        body="Write down the first one you remember."
        actions={<LinkButton href="/dream-input">Write a dream</LinkButton>}
      />,
    );
    screen.getByRole("heading", { level: 2, name: "No dreams yet" });
    screen.getByText("Write down the first one you remember.");
    expect(screen.getByRole("link", { name: "Write a dream" }).getAttribute("href")).toBe("/dream-input");
  });
});

describe("PageShell", () => {
  it("names its section by the page's only h1 and sets the tab's title while shown", () => {
    document.title = "CHITTA";
    const { unmount } = render(
      <PageShell title="Your journal" documentTitle="Journal">
        <p>Dreams</p>
      </PageShell>,
    );
    screen.getByRole("region", { name: "Your journal" });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toBe("Journal · CHITTA");
    unmount();
    expect(document.title).toBe("CHITTA");
  });
});

describe("ListStatus", () => {
  const list = (query: { isPending: boolean; isError: boolean; data?: string[] }) => (
    <ListStatus query={query} loadFailed="Could not load" empty="Nothing yet" skeleton={{ rows: 4 }}>
      <ul>
        {query.data?.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </ListStatus>
  );

  it("while loading, says so politely and holds the list's place with a skeleton; the items replace both", () => {
    const { container, rerender } = render(list({ isPending: true, isError: false }));
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Loading...");
    const skeleton = container.querySelector("[data-skeleton]");
    // Seen, not read out: the status line is what a screen reader hears.
    expect(skeleton?.getAttribute("aria-hidden")).toBe("true");
    expect(skeleton?.children).toHaveLength(4);

    rerender(list({ isPending: false, isError: false, data: ["Flying", "Water"] }));
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Flying", "Water"]);
    expect(screen.queryByRole("status")).toBeNull();
    expect(container.querySelector("[data-skeleton]")).toBeNull();
  });

  it("says when the list failed to load or is empty", () => {
    const { rerender } = render(list({ isPending: false, isError: true }));
    expect(screen.getByRole("alert").textContent).toBe("Could not load");
    rerender(list({ isPending: false, isError: false, data: [] }));
    screen.getByText("Nothing yet");
    expect(screen.queryByRole("listitem")).toBeNull();
  });
});

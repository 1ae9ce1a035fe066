import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EditDialog } from "../../components/ui/Dialog";
import { errorMessageOf } from "../../components/ui/form";
import { LoadMore } from "../../components/ui/LoadMore";
import { Panel, ScrollTable } from "../../components/ui/Page";
import { bodyClass, mutedClass, tdClass } from "../../components/ui/page-styles";
import { LoadFailed, LoadingList, TABLE_SKELETON } from "../../components/ui/Status";
import { toast } from "../../components/ui/toast-store";
import { ANNOUNCEMENTS_NS } from "../../lib/i18n";
import { formatDateTime } from "../billing/format";
import { AnnouncementForm } from "./AnnouncementForm";
import {
  type AdminAnnouncement,
  useAdminAnnouncementPagesQuery,
  useDeleteAnnouncementMutation,
  useSaveAnnouncementMutation,
} from "./api";

/**
 * Issue 18, on /admin: the announcements with their read counts, a page at a time; create and edit them in a
 * dialog, switch them on and off, delete them after a confirmation.
 */
export function AdminAnnouncementsPanel() {
  const { t } = useTranslation(ANNOUNCEMENTS_NS, { keyPrefix: "announcements.admin" });
  const [editing, setEditing] = useState<AdminAnnouncement | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminAnnouncement | null>(null);
  return (
    <Panel
      title={t("title")}
      description={t("lead")}
      actions={<Button onClick={() => setEditing("new")}>{t("new")}</Button>}
    >
      <AnnouncementList onEdit={setEditing} onDelete={setDeleting} />
      <EditDialog
        editing={editing}
        onClose={() => setEditing(null)}
        title={(item) => (item ? t("form.editTitle", { title: item.title }) : t("form.createTitle"))}
        size="lg"
      >
        {(item) => <AnnouncementForm announcement={item} onDone={() => setEditing(null)} />}
      </EditDialog>
      <DeleteDialog announcement={deleting} onClose={() => setDeleting(null)} />
    </Panel>
  );
}

function AnnouncementList({
  onEdit,
  onDelete,
}: {
  onEdit(announcement: AdminAnnouncement): void;
  onDelete(announcement: AdminAnnouncement): void;
}) {
  const { t } = useTranslation(ANNOUNCEMENTS_NS, { keyPrefix: "announcements.admin" });
  const query = useAdminAnnouncementPagesQuery();
  const announcements = useMemo(
    () => query.data?.pages.flatMap((page) => page.announcements) ?? [],
    [query.data],
  );
  if (query.isPending) return <LoadingList label={t("loading")} skeleton={TABLE_SKELETON} />;
  if (query.isError && announcements.length === 0) {
    return <LoadFailed message={t("loadFailed")} onRetry={() => void query.refetch()} />;
  }
  if (announcements.length === 0) return <p className={bodyClass}>{t("empty")}</p>;
  return (
    <div className="flex flex-col gap-4">
      <ScrollTable
        label={t("title")}
        columns={[
          t("columns.title"),
          t("columns.type"),
          t("columns.priority"),
          t("columns.active"),
          t("columns.onLogin"),
          t("columns.expires"),
          t("columns.reads"),
          t("columns.actions"),
        ]}
        wide
      >
        {announcements.map((announcement) => (
          <AnnouncementRow
            key={announcement.id}
            announcement={announcement}
            onEdit={() => onEdit(announcement)}
            onDelete={() => onDelete(announcement)}
          />
        ))}
      </ScrollTable>
      <LoadMore
        query={query}
        labels={{ more: t("loadMore"), loading: t("loadingMore"), failed: t("moreFailed") }}
      />
    </div>
  );
}

function AnnouncementRow({
  announcement,
  onEdit,
  onDelete,
}: {
  announcement: AdminAnnouncement;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t, i18n } = useTranslation(ANNOUNCEMENTS_NS, { keyPrefix: "announcements" });
  const title = announcement.title;
  const toggle = useSaveAnnouncementMutation(announcement.id, {
    onSuccess: (saved) =>
      toast(
        saved.isActive
          ? { title: t("admin.toast.activatedTitle"), description: t("admin.toast.activated", { title }) }
          : {
              title: t("admin.toast.deactivatedTitle"),
              description: t("admin.toast.deactivated", { title }),
            },
      ),
    onError: (error) =>
      toast({
        title: t("admin.toast.errorTitle"),
        description: errorMessageOf(error, t("admin.toast.statusFailed")),
        variant: "destructive",
      }),
  });
  const yesNo = (value: boolean) => t(value ? "admin.yes" : "admin.no");
  const expired = announcement.expiresAt !== null && Date.parse(announcement.expiresAt) <= Date.now();
  // Each button names its announcement for screen readers, as a table has several "Edit".
  const named = <span className="sr-only"> {t("admin.forTitle", { title })}</span>;
  return (
    <tr>
      <td className={tdClass}>
        <span className="block font-medium break-words">{title}</span>
        {announcement.titleEs ? (
          <span lang="es" className={`block break-words ${mutedClass}`}>
            {announcement.titleEs}
          </span>
        ) : null}
      </td>
      <td className={tdClass}>{t(`types.${announcement.type}`)}</td>
      <td className={tdClass}>{t(`priorities.${announcement.priority}`)}</td>
      <td className={tdClass}>{yesNo(announcement.isActive)}</td>
      <td className={tdClass}>{yesNo(announcement.showOnLogin)}</td>
      <td className={tdClass}>
        {announcement.expiresAt ? formatDateTime(announcement.expiresAt, i18n.language) : t("admin.never")}
        {expired ? <span className={`block ${mutedClass}`}>{t("admin.expired")}</span> : null}
      </td>
      <td className={`${tdClass} tabular-nums`}>
        {new Intl.NumberFormat(i18n.language).format(announcement.reads)}
      </td>
      <td className={tdClass}>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onEdit}>
            {t("admin.edit")}
            {named}
          </Button>
          <Button
            variant="secondary"
            pending={toggle.isPending}
            onClick={() => toggle.mutate({ isActive: !announcement.isActive })}
          >
            {t(announcement.isActive ? "admin.deactivate" : "admin.activate")}
            {named}
          </Button>
          <Button variant="danger" onClick={onDelete}>
            {t("admin.delete")}
            {named}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** Asks before deleting (open while `announcement` is set); the outcome is told in a toast. */
function DeleteDialog({
  announcement,
  onClose,
}: {
  announcement: AdminAnnouncement | null;
  onClose(): void;
}) {
  const { t } = useTranslation(ANNOUNCEMENTS_NS, { keyPrefix: "announcements.admin" });
  const mutation = useDeleteAnnouncementMutation({
    onSuccess: (_answer, deleted) => {
      onClose();
      toast({ title: t("toast.deletedTitle"), description: t("toast.deleted", { title: deleted.title }) });
    },
    onError: (error) => {
      onClose();
      toast({
        title: t("toast.errorTitle"),
        description: errorMessageOf(error, t("toast.deleteFailed")),
        variant: "destructive",
      });
    },
  });
  const title = announcement?.title ?? "";
  return (
    <ConfirmDialog
      open={announcement !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("confirm.title", { title })}
      description={t("confirm.body")}
      confirmLabel={t("confirm.delete")}
      pendingLabel={t("confirm.deleting")}
      pending={mutation.isPending}
      onConfirm={() => announcement && mutation.mutate(announcement)}
    />
  );
}

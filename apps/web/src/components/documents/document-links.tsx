import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SHARE_MESSAGES } from '@propertydna/domain';
import { documentDownloadUrl, documentViewUrl } from './labels';

/** View opens the document in a new tab (inline for PDF and images). */
export function ViewLink({ id, name }: { id: string; name: string }) {
  return (
    <Button
      component="a"
      href={documentViewUrl(id)}
      target="_blank"
      rel="noopener noreferrer"
      size="compact-sm"
      variant="light"
      aria-label={`View ${name}`}
    >
      View
    </Button>
  );
}

/** Download is a plain link the server answers as an attachment; the click toasts 'Download started'. */
export function DownloadLink({ id, name }: { id: string; name: string }) {
  return (
    <Button
      component="a"
      href={documentDownloadUrl(id)}
      download
      size="compact-sm"
      variant="light"
      aria-label={`Download ${name}`}
      onClick={() => notifications.show({ color: 'green', message: SHARE_MESSAGES.downloadStarted })}
    >
      Download
    </Button>
  );
}

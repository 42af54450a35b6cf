import * as React from 'react';
import { Flag } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../primitives/DropdownMenu/DropdownMenu.tsx';
import { LazyReportDialog } from '../ReportDialog/LazyReportDialog.tsx';
import { MoreActionsButton } from './MoreActionsButton.tsx';

export interface PostActionsMenuProps {
  postId: string;
  /** Open at once: the button was pressed while this menu's code was still on its way. */
  defaultOpen?: boolean;
}

/**
 * The "More actions" menu of someone else's post: Report post, which opens the report dialog.
 * Loaded after the card paints (see PostCard): the menu library is no first page's business.
 */
export default function PostActionsMenu({ postId, defaultOpen = false }: PostActionsMenuProps) {
  const [reporting, setReporting] = React.useState(false);
  // The dialog opens once the menu has closed and put the focus back on its button (as in
  // ProfileActions): the dialog then remembers the button, not a menu item that is gone, as the
  // place to return the focus to.
  const reportAfterClose = React.useRef(false);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <MoreActionsButton />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          onCloseAutoFocus={() => {
            if (!reportAfterClose.current) return;
            reportAfterClose.current = false;
            setReporting(true);
          }}
        >
          <DropdownMenuItem
            onSelect={() => {
              reportAfterClose.current = true;
            }}
          >
            <Flag aria-hidden />
            Report post
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LazyReportDialog kind="post" targetId={postId} subject="this post" open={reporting} onOpenChange={setReporting} />
    </>
  );
}

/**
 * Writes the story actions' icon stylesheet (web/src/features/story-actions/action-icons.css) from lucide-react's
 * icons. Run it after changing an icon or upgrading lucide-react; a unit test fails while the file is stale.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ACTION_ICONS_CSS_FILE, actionIconsStylesheet } from '../web/src/features/story-actions/action-icons.ts';

await writeFile(path.join(import.meta.dirname, '..', ACTION_ICONS_CSS_FILE), actionIconsStylesheet());

/**
 * Writes the stylesheet of the icons story cards draw themselves (web/src/components/drawn-icons.css) from
 * lucide-react's icons. Run it after changing an icon or upgrading lucide-react; a unit test fails while the file is stale.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DRAWN_ICONS_CSS_FILE, drawnIconsStylesheet } from '../web/src/components/drawn-icons.ts';

await writeFile(path.join(import.meta.dirname, '..', DRAWN_ICONS_CSS_FILE), drawnIconsStylesheet());

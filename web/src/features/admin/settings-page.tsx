import { Bell, Gauge, Info, Megaphone, Plus, Settings, ToggleLeft } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { SystemSetting } from '#common/contracts/admin.ts';
import { isSettingOn, KNOWN_SETTINGS, parseSettingValue } from '#common/rules/admin.ts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isUnauthorizedError, messageOf, ApiError } from '@/lib/api';
import { AdminPage, EmptyState, formatDateTime, LoadFailed } from '@/components/admin-page';
import { AnnouncementsManager } from './announcements-manager';
import { KeywordAliasesManager } from './keyword-aliases-manager';
import { useSaveSetting, useSettings } from './api';

/** The settings tabs (spec §2.9) and the categories each shows ('features' is an older name of feature_flags). */
const TABS = [
  { value: 'feature_flags', label: 'Feature Flags', icon: ToggleLeft, categories: ['feature_flags', 'features'] },
  { value: 'limits', label: 'System Limits', icon: Gauge, categories: ['limits'] },
  { value: 'notifications', label: 'Notifications', icon: Bell, categories: ['notifications'] },
] as const;

const settingText = (value: unknown) => JSON.stringify(value);

/** /admin/settings (spec §2.9): settings by category, the add-setting form, the announcements and the keyword aliases. Admins only. */
export function AdminSettingsPage() {
  return (
    <AdminPage title="System Settings" icon={Settings} level="admin">
      {() => <SettingsTabs />}
    </AdminPage>
  );
}

function SettingsTabs() {
  const settings = useSettings();
  return (
    <Tabs defaultValue="feature_flags">
      <TabsList className="h-auto flex-wrap">
        {TABS.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
        <TabsTrigger value="announcements">Announcements</TabsTrigger>
        <TabsTrigger value="keyword_aliases">Keyword Aliases</TabsTrigger>
      </TabsList>
      {TABS.map((tab) => (
        <TabsContent key={tab.value} value={tab.value} className="grid gap-3">
          {tab.value === 'feature_flags' && <MaintenanceHelp />}
          <AddSettingForm category={tab.value} />
          {settings.isPending ? (
            <div className="grid gap-2" aria-busy="true" aria-label="Loading settings">
              {Array.from({ length: 3 }, (_, index) => (
                <Skeleton key={index} className="h-20 w-full rounded-lg" />
              ))}
            </div>
          ) : settings.isError ? (
            <LoadFailed text="Failed to load settings. Please try again." onRetry={() => void settings.refetch()} />
          ) : (
            <SettingsList settings={settings.data.settings.filter((setting) => (tab.categories as readonly string[]).includes(setting.category))} icon={tab.icon} />
          )}
        </TabsContent>
      ))}
      <TabsContent value="announcements">
        <AnnouncementsManager />
      </TabsContent>
      <TabsContent value="keyword_aliases">
        <KeywordAliasesManager />
      </TabsContent>
    </Tabs>
  );
}

function MaintenanceHelp() {
  return (
    <aside className="flex gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <h2 className="font-semibold">Maintenance mode</h2>
        <p>
          Set <code className="font-mono">maintenance_mode</code> to <code className="font-mono">true</code> to show everyone but admins the maintenance page; open pages
          switch within 30 seconds. Admins keep using the site and the admin area. Set it to <code className="font-mono">false</code> to reopen.
        </p>
      </div>
    </aside>
  );
}

function useSaveWithToasts() {
  const save = useSaveSetting();
  const run = (body: { key: string; value: unknown; category?: string; description?: string }, onDone?: () => void) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success('Setting Updated', { description: `${body.key} was saved.` });
        onDone?.();
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        // A wrong type for a setting the product reads comes back as a 400 that says what is expected.
        const description = error instanceof ApiError && error.status === 400 ? messageOf(error, '') : '';
        toast.error('Error', { description: description || 'Failed to update system setting. Please try again.' });
      },
    });
  return { run, pending: save.isPending };
}

function AddSettingForm({ category }: { category: string }) {
  const id = useId();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  const save = useSaveWithToasts();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim() || !value.trim()) {
      toast.error('Validation Error', { description: 'Key and value are required.' });
      return;
    }
    save.run({ key: key.trim(), value: parseSettingValue(value.trim()), category, description: description.trim() }, () => {
      setKey('');
      setValue('');
      setDescription('');
    });
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2 rounded-lg border bg-card p-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end" aria-label="Add setting">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-key`}>Key</Label>
        <Input id={`${id}-key`} value={key} maxLength={100} placeholder="stories_per_page" onChange={(event) => setKey(event.target.value)} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-value`}>Value (JSON)</Label>
        <Input id={`${id}-value`} value={value} placeholder="50" className="font-mono" onChange={(event) => setValue(event.target.value)} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Input id={`${id}-description`} value={description} maxLength={500} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <Button type="submit" disabled={save.pending}>
        <Plus aria-hidden="true" /> Add Setting
      </Button>
    </form>
  );
}

function SettingsList({ settings, icon }: { settings: SystemSetting[]; icon: typeof Megaphone }) {
  if (settings.length === 0) return <EmptyState icon={icon} text="No settings in this category yet." />;
  return (
    <ul className="divide-y rounded-lg border bg-card" aria-label="Settings">
      {settings.map((setting) => (
        <SettingRow key={setting.key} setting={setting} />
      ))}
    </ul>
  );
}

/** Whether the product reads this key as on/off, so a switch edits it. */
function isKnownFlag(key: string): boolean {
  return (KNOWN_SETTINGS as Record<string, { kind: string } | undefined>)[key]?.kind === 'boolean';
}

/**
 * A flag the product reads is a switch that saves when flipped. Any other value is edited as JSON text and saved
 * with Enter or when the field loses focus with a changed value (spec §2.9).
 */
function SettingRow({ setting }: { setting: SystemSetting }) {
  const id = useId();
  const saved = settingText(setting.value);
  const [text, setText] = useState(saved);
  const [lastSaved, setLastSaved] = useState(saved);
  // A refetch with a new value (saved here or elsewhere) replaces the field's text.
  if (saved !== lastSaved) {
    setLastSaved(saved);
    setText(saved);
  }
  const save = useSaveWithToasts();
  const saveValue = (value: unknown) => save.run({ key: setting.key, value, category: setting.category, description: setting.description });
  const saveText = () => {
    const value = parseSettingValue(text.trim());
    if (settingText(value) === saved) return;
    saveValue(value);
  };
  return (
    <li className="grid gap-1 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] sm:items-center sm:gap-3">
      <div className="grid min-w-0">
        <Label htmlFor={id} className="font-mono break-all">
          {setting.key}
        </Label>
        {setting.description && <p className="text-sm text-muted-foreground">{setting.description}</p>}
        <p className="text-xs text-muted-foreground">{setting.updatedAt ? `Updated ${formatDateTime(setting.updatedAt)}` : 'Default (not set yet)'}</p>
      </div>
      {isKnownFlag(setting.key) ? (
        <Switch id={id} className="justify-self-start sm:justify-self-end" checked={isSettingOn(setting.value)} disabled={save.pending} onCheckedChange={saveValue} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            saveText();
          }}
        >
          <Input id={id} value={text} className="font-mono" enterKeyHint="done" disabled={save.pending} onChange={(event) => setText(event.target.value)} onBlur={saveText} />
        </form>
      )}
    </li>
  );
}

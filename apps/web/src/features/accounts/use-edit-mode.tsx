import { lazy, useEffect, useState, useTransition, type ComponentProps, type ComponentType } from 'react';
import type SortableAccountsModule from './SortableAccounts';
import type { EditToolbar as EditToolbarComponent } from './EditToolbar';

// Edit mode (checkboxes, drag and drop) is loaded when first wanted: the list stays light.
// - On a first visit it is not fetched ahead (that cost every first visit 15 KB), but as soon as
//   the pointer or the focus reaches Manage.
// - Once the service worker has the app in its cache, it is read from there when the browser is
//   idle: no byte crosses the network, and Manage opens without waiting for its code.
// Entering edit mode is a transition when its code is not here yet: the list stays on screen until
// edit mode is ready, with no spinner in between (React holds content back for a while after a
// fallback showed, which made entering edit mode on a slow phone take 400 ms instead of 100).
type SortableAccountsType = ComponentType<ComponentProps<typeof SortableAccountsModule>>;
let loadedSortableAccounts: SortableAccountsType | undefined;
let loadedEditToolbar: typeof EditToolbarComponent | undefined;
// The toolbar (export, groups, tags, delete and their dialogs) comes with the list: both or none.
const loadSortableAccounts = () =>
  Promise.all([import('./SortableAccounts'), import('./EditToolbar')]).then(([module, toolbar]) => {
    loadedEditToolbar = toolbar.EditToolbar;
    loadedSortableAccounts = module.default;
    return module;
  });
const LazySortableAccounts = lazy(loadSortableAccounts);
const LazyEditToolbar = lazy(() =>
  loadSortableAccounts().then(() => ({ default: loadedEditToolbar as typeof EditToolbarComponent })),
);

/** Starts fetching edit mode's code (the pointer or the focus reached Manage). */
export const prepareEditMode = () => void loadSortableAccounts();

function prepareEditModeWhenFree(): () => void {
  if (!navigator.serviceWorker?.controller) return () => {};
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(prepareEditMode, { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(prepareEditMode, 2000);
  return () => clearTimeout(timer);
}

/**
 * Edit mode's list: the component itself when its code is already here (React.lazy would still
 * suspend once to find that out), else the lazy one. Chosen once per mount, so that the list is
 * never replaced while it shows.
 */
export function SortableAccounts(props: ComponentProps<SortableAccountsType>) {
  const [Sortable] = useState<SortableAccountsType>(() => loadedSortableAccounts ?? LazySortableAccounts);
  return <Sortable {...props} />;
}

/** Edit mode's toolbar, loaded with its list (see SortableAccounts). */
export function EditToolbar(props: ComponentProps<typeof EditToolbarComponent>) {
  const [Toolbar] = useState(() => loadedEditToolbar ?? LazyEditToolbar);
  return <Toolbar {...props} />;
}

/**
 * Edit mode and its selection (the search and the group stay as they are: the actions apply to
 * what is shown); leaving clears the selection.
 */
export function useEditMode(initialEditMode: boolean) {
  const [editMode, setEditMode] = useState(initialEditMode);
  const [entering, startEntering] = useTransition();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  useEffect(prepareEditModeWhenFree, []);

  const toggleEditMode = () => {
    if (editMode) {
      setSelected(new Set());
      setEditMode(false);
      return;
    }
    const enter = () => setEditMode(true);
    // Its code already here, edit mode renders at once; else the list stays until it arrives.
    if (loadedSortableAccounts) enter();
    else startEntering(enter);
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  return { editMode, entering, toggleEditMode, selected, setSelected, toggle };
}

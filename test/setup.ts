import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// IndexedDB writes and live queries settle in a few milliseconds, but CI runs test
// files in parallel on two cores: give async assertions room so a busy machine is
// not mistaken for a bug.
configure({ asyncUtilTimeout: 5_000 });

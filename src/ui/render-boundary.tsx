/**
 * Keeps a failure to render one part of a page inside that part: the part shows `fallback`
 * and the rest of the page goes on working. For content that is not the app's own (a
 * model's report), where one odd input must never take the page's editors with it.
 * Give it a `key` that changes with the content, so new content gets a fresh try.
 */
import { Component, type ReactNode } from 'react';

export class RenderBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

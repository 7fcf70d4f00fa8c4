// Turns raw samples into the rows each section prints: the figure, its floor from the
// same run, the difference or ratio, the target and whether it is met. Targets are
// judged on medians; p95 is shown so a bad tail is visible too. One file per section.
export { timingRow, unmeasured } from './section-rows.mjs';
export { seedSection } from './section-seed.mjs';
export { taskEditSection, taskListSection, taskPageSection } from './section-tasks.mjs';
export { bundleSection } from './section-bundle.mjs';
export { dispatcherOverheadSection } from './section-dispatcher.mjs';
export { hostileWakeAuditPart, wakeSection } from './section-wake.mjs';
export { reviewSection } from './section-review.mjs';
export { syncSection } from './section-sync.mjs';
export { reviewSurfaceSection } from './section-review-surface.mjs';
export { curveSection } from './section-curve.mjs';
export { exportSection, importSection } from './section-transfer.mjs';
export { agentDeviceSection } from './section-agent-device.mjs';

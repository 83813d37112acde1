/** What other parts of the appliance may use from analytics, and the analytics module. */
import type { DomainModule } from "../../platform/module";
import { beaconRoutes } from "./beacon-routes";
import { statsRoutes } from "./routes";
import { eraseCounts } from "./erase";
import { MONTHLY_REPORTS_JOB, REPORT_PATTERN, registerReportJob, scheduleMonthlyReports } from "./report";
import { REPORT_STOP_LINK, reportStopMailLink } from "./report-stop";
import { reportStopPagePlugin } from "./report-stop-page";

export { flushAnalytics, collectorOf } from "./collector";
export { analyticsDaily, analyticsReports, analyticsReportOptouts } from "./tables";
export { widgetStats, brandStats } from "./stats";
export { sendMonthlyReports, scheduleMonthlyReports, MONTHLY_REPORTS_JOB } from "./report";

/**
 * The analytics module: the public beacon route the embed script and wall pages report to, the stats routes, the
 * monthly report per brand (schedule, job, mail and its stop link), and dropping an erased testimonial's counts.
 */
export const analyticsModule: DomainModule = {
  name: "analytics",
  routes: (deps) => [beaconRoutes(deps), statsRoutes(deps)],
  pages: (deps) => reportStopPagePlugin(deps),
  jobs: registerReportJob,
  schedules: [
    {
      name: "analytics monthly reports",
      pattern: REPORT_PATTERN,
      enqueues: [MONTHLY_REPORTS_JOB],
      run: scheduleMonthlyReports,
    },
  ],
  mailLinks: { [REPORT_STOP_LINK]: reportStopMailLink },
  erase: eraseCounts,
};

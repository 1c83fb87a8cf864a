/**
 * The dashboard's GraphQL operations, one per screen (and one per action). `npm run codegen` types them into
 * generated/operations.ts; the build sends them to the gateway by hash (see ../persisted-operations.ts).
 */

export const HOME = /* GraphQL */ `
  query DashboardHome($period: String!, $previous: String!, $p2: String!, $p4: String!, $p6: String!, $p8: String!, $p10: String!) {
    taxpayerData {
      legalName
      taxId
    }
    statsDashboard(period: $period) {
      current {
        ...DashboardMonth
      }
      previous {
        ...DashboardMonth
      }
      stock {
        productsValue
        suppliesValue
        total
      }
    }
    vat: ivaSummary(period: $period) {
      ...DashboardVat
    }
    vatPrevious: ivaSummary(period: $previous) {
      ...DashboardVat
    }
    m2: statsDashboard(period: $p2) {
      ...DashboardChartPair
    }
    m4: statsDashboard(period: $p4) {
      ...DashboardChartPair
    }
    m6: statsDashboard(period: $p6) {
      ...DashboardChartPair
    }
    m8: statsDashboard(period: $p8) {
      ...DashboardChartPair
    }
    m10: statsDashboard(period: $p10) {
      ...DashboardChartPair
    }
  }

  fragment DashboardMonth on StatsPeriodFigures {
    period
    purchases {
      count
      total
    }
    expenses {
      count
      total
      byStatus {
        status
        count
        total
      }
    }
    pendingReceivedInvoices {
      count
      total
    }
    fce {
      status
      count
      total
    }
    vat {
      debit
      credit
      position
    }
  }

  fragment DashboardVat on IvaPosition {
    debit
    credit
    technicalBalance
  }

  fragment DashboardChartPair on StatsDashboard {
    current {
      ...DashboardChartMonth
    }
    previous {
      ...DashboardChartMonth
    }
  }

  fragment DashboardChartMonth on StatsPeriodFigures {
    period
    purchases {
      total
    }
    vat {
      debit
      credit
      position
    }
  }
`;

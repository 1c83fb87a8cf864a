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

export const INBOX = /* GraphQL */ `
  query DashboardInbox($filter: ReceivedInvoiceFilter, $entriesFrom: String, $entriesTo: String) {
    receivedInvoices(filter: $filter, first: 100, orderBy: { field: issueDate, direction: desc }) {
      totalCount
      nodes {
        ...DashboardInboxInvoice
      }
    }
    suppliers(first: 100, orderBy: { field: name, direction: asc }) {
      nodes {
        id
        name
        taxId
      }
    }
    journalEntries(filter: { dateFrom: $entriesFrom, dateTo: $entriesTo, status: posted }, first: 100) {
      nodes {
        id
        number
        date
        description
        totalDebit
      }
    }
    receivedInvoiceImports(last: 1) {
      ...DashboardImport
    }
  }

  fragment DashboardInboxInvoice on ReceivedInvoice {
    id
    issueDate
    voucherType
    salePoint
    voucherNumber
    supplierName
    supplierCuit
    totalAmount
    status
    needsReview
    linkedJournalEntry {
      id
      number
      description
    }
  }

  fragment DashboardImport on VoucherImport {
    id
    fileName
    status
    rowsTotal
    rowsImported
    rowsDuplicated
    rowsNeedingReview
    rowsWithErrors
    failure
  }
`;

export const LINK = /* GraphQL */ `
  mutation DashboardLinkInvoice($id: ID!, $journalEntryId: ID!) {
    linkReceivedInvoice(id: $id, journalEntryId: $journalEntryId) {
      ...DashboardInboxInvoice
    }
  }
`;

export const IGNORE = /* GraphQL */ `
  mutation DashboardIgnoreInvoice($id: ID!) {
    ignoreReceivedInvoice(id: $id) {
      ...DashboardInboxInvoice
    }
  }
`;

export const IMPORT = /* GraphQL */ `
  mutation DashboardImportInvoices($file: Upload!) {
    importReceivedInvoices(file: $file) {
      ...DashboardImport
    }
  }
`;

export const FCE = /* GraphQL */ `
  query DashboardFce {
    issuedA: issuedVouchers(filter: { voucherType: 201 }, first: 100, orderBy: { field: issueDate, direction: desc }) {
      nodes {
        ...DashboardIssuedFce
      }
    }
    issuedB: issuedVouchers(filter: { voucherType: 206 }, first: 100, orderBy: { field: issueDate, direction: desc }) {
      nodes {
        ...DashboardIssuedFce
      }
    }
    issuedC: issuedVouchers(filter: { voucherType: 211 }, first: 100, orderBy: { field: issueDate, direction: desc }) {
      nodes {
        ...DashboardIssuedFce
      }
    }
    receivedA: receivedInvoices(filter: { voucherType: 201 }, first: 100, orderBy: { field: issueDate, direction: desc }) {
      nodes {
        ...DashboardReceivedFce
      }
    }
    receivedB: receivedInvoices(filter: { voucherType: 206 }, first: 100, orderBy: { field: issueDate, direction: desc }) {
      nodes {
        ...DashboardReceivedFce
      }
    }
    receivedC: receivedInvoices(filter: { voucherType: 211 }, first: 100, orderBy: { field: issueDate, direction: desc }) {
      nodes {
        ...DashboardReceivedFce
      }
    }
  }

  fragment DashboardIssuedFce on IssuedVoucher {
    id
    issueDate
    voucherType
    salePoint
    voucherNumber
    receiverName
    totalAmount
    fce {
      id
      fceStatus
      lastEventAt
    }
  }

  fragment DashboardReceivedFce on ReceivedInvoice {
    id
    issueDate
    voucherType
    salePoint
    voucherNumber
    supplierName
    totalAmount
    status
  }
`;

export const FCE_EVENTS = /* GraphQL */ `
  subscription DashboardFceEvents {
    fceEventRecorded {
      id
      eventType
      recordedAt
      fceInvoiceId
      fceInvoice {
        id
        fceStatus
        lastEventAt
      }
    }
  }
`;

export const TRIAL_BALANCE = /* GraphQL */ `
  query DashboardTrialBalance($from: String!, $to: String!, $period: String!) {
    trialBalance(from: $from, to: $to) {
      balanced
      items {
        code
        name
        level
        isDetail
        debit
        credit
        balance
      }
      totals {
        debit
        credit
      }
    }
    purchasesBook: ivaBook(bookType: "purchases", period: $period) {
      ...DashboardIvaBook
    }
    salesBook: ivaBook(bookType: "sales", period: $period) {
      ...DashboardIvaBook
    }
  }

  fragment DashboardIvaBook on IvaBook {
    id
    bookType
    period
    status
    count
    total
    vat
    entriesToReview
  }
`;

export const ACCOUNT_LINES = /* GraphQL */ `
  query DashboardAccountLines($code: String!, $from: String!, $to: String!) {
    accountLedger(accountCode: $code, from: $from, to: $to, first: 100) {
      account {
        code
        name
        openingBalance
        closingBalance
        lines {
          entryId
          number
          date
          entryDescription
          debit
          credit
          balance
        }
      }
    }
  }
`;

export const ENTRY = /* GraphQL */ `
  query DashboardEntry($id: ID!) {
    journalEntry(id: $id) {
      id
      number
      date
      description
      status
      totalDebit
      totalCredit
      lines {
        accountCode
        accountName
        debit
        credit
      }
      sourceReceivedInvoice {
        id
      }
      sourceExpense {
        id
        description
      }
    }
  }
`;

export const SOURCE_VOUCHER = /* GraphQL */ `
  query DashboardSourceVoucher($id: ID!) {
    receivedInvoice(id: $id) {
      id
      issueDate
      voucherType
      salePoint
      voucherNumber
      cae
      supplierName
      supplierCuit
      netTaxed
      netUntaxed
      exempt
      iva
      otherTaxes
      totalAmount
      status
    }
  }
`;

export const CALENDAR = /* GraphQL */ `
  query DashboardCalendar($year: Int!) {
    overdue: fiscalDeadlines(filter: { status: overdue, year: $year }, first: 100) {
      nodes {
        ...DashboardDeadline
      }
    }
    upcomingFiscalDeadlines(days: 60) {
      items {
        ...DashboardDeadline
      }
    }
  }

  fragment DashboardDeadline on FiscalDeadline {
    id
    title
    form
    period
    dueDate
    status
    completedAt
  }
`;

export const COMPLETE_DEADLINE = /* GraphQL */ `
  mutation DashboardCompleteDeadline($id: ID!) {
    completeFiscalDeadline(id: $id) {
      ...DashboardDeadline
    }
  }
`;

import Foundation
@_spi(LaminaInternal) import QuartzCore

extension WindowHost {
    /// The banner's inner margin in points: the text never touches the window's edge.
    static let bannerInset = CGSize(width: 12, height: 6)

    /// The banner's text, a sublayer inset by `bannerInset` (made on first use; its width follows
    /// the banner's each time the banner is shown). Call inside a transaction.
    var bannerText: CATextLayer {
        let text: CATextLayer
        if let existing = banner.sublayers?.first as? CATextLayer { text = existing } else {
            text = CATextLayer()
            text.anchorPoint = .zero
            text.fontSize = banner.fontSize
            text.foregroundColor = banner.foregroundColor
            text.isWrapped = true
            text.truncationMode = .end
            banner.addSublayer(text)
        }
        let inset = WindowHost.bannerInset
        text.position = CGPoint(x: inset.width, y: inset.height)
        text.bounds = CGRect(x: 0, y: 0, width: max(1, banner.bounds.width - 2 * inset.width), height: max(1, banner.bounds.height - 2 * inset.height))
        return text
    }
}
